/** Where the viewer should go: a cited page and passage. `seq` changes on every click, so the same citation can be shown again. */
export interface ViewerTarget {
  docId: number;
  page: number;
  text: string;
  start?: number;
  end?: number;
  seq: number;
}
