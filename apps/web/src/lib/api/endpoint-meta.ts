/**
 * The runtime part of an endpoint definition: what the browser needs to make
 * the call. Kept apart from the zod schemas so the first screen does not
 * download zod; the schemas still type every call (see ./index.ts).
 */
export interface EndpointMeta {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: 'none' | 'optional' | 'user' | 'operator' | 'admin';
  idempotent: boolean;
}

interface ContractEndpointLike {
  method: 'GET' | 'POST';
  path: string;
  auth: 'none' | 'optional' | 'user' | 'operator' | 'admin';
  idempotent?: boolean;
}

export function endpointMeta(api: Record<string, ContractEndpointLike>): Record<string, EndpointMeta> {
  const out: Record<string, EndpointMeta> = {};
  for (const name of Object.keys(api).sort()) {
    const e = api[name];
    if (e) out[name] = { name, method: e.method, path: e.path, auth: e.auth, idempotent: e.idempotent === true };
  }
  return out;
}

/** Source text of endpoints.gen.ts; written by the Vite plugin and checked by a unit test. */
export function renderEndpointsModule(api: Record<string, ContractEndpointLike>): string {
  const lines = Object.values(endpointMeta(api)).map(
    (m) => `  ${m.name}: { name: '${m.name}', method: '${m.method}', path: '${m.path}', auth: '${m.auth}', idempotent: ${m.idempotent} },`,
  );
  return `// Generated from @xueba/contract by apps/web/vite.config.ts. Do not edit: run a web build or\n// \`npx vitest run --project web -u\` after changing the contract.\nexport const ENDPOINTS = {\n${lines.join('\n')}\n} as const;\n`;
}
