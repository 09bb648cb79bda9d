/** A page of a list as the contract asks for it: 1-based `page_no`, `page_size` rows a page. */
export interface PageQuery {
  page_no: number;
  page_size: number;
}

/** How many rows come before the requested page. */
export function pageOffset(page: PageQuery): number {
  return (page.page_no - 1) * page.page_size;
}
