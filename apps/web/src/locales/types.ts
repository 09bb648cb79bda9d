/** Every locale has exactly the shape of the Chinese source, with string leaves. */
type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };
import type { zh } from './zh';
export type LocaleMessages = Widen<typeof zh>;
