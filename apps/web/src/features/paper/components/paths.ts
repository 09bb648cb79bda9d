/** The detail route of a paper (ids may carry a source prefix such as "openalex:W1", hence the encoding). */
export const SEARCH_PATH = '/academic_search';
export const detailPath = (id: string) => `${SEARCH_PATH}/detail/${encodeURIComponent(id)}`;
export const searchPath = (query = '') => `${SEARCH_PATH}${query}`;
