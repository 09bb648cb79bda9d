/** The shape of the Chinese source with string leaves, which every other language must fill. */
export type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };
