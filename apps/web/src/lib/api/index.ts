import type { api as contractApi, BodyOf, Endpoint, ResponseOf } from '@xueba/contract';
import { ENDPOINTS } from './endpoints.gen';

type ContractApi = typeof contractApi;

/**
 * A reference to one contract endpoint: its runtime metadata plus, as a
 * type only, the full definition with its zod schemas, so
 * `request(api.login, body)` checks the body and types the answer.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly name: string;
  readonly method: E['method'];
  readonly path: string;
  readonly auth: E['auth'];
  readonly idempotent: boolean;
  /** Phantom: never set at runtime. */
  readonly __endpoint?: E;
}

export type ApiRefs = { readonly [K in keyof ContractApi]: EndpointRef<ContractApi[K]> };

/** Fails to compile when the generated metadata misses an endpoint of the contract or has another method. */
export const api: ApiRefs = ENDPOINTS;

/** Body and response types of an endpoint by name, e.g. `ApiBody<'login'>`. */
export type ApiBody<K extends keyof ContractApi> = BodyOf<ContractApi[K]>;
export type ApiResponse<K extends keyof ContractApi> = ResponseOf<ContractApi[K]>;
