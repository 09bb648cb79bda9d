/** Where the viewer should go: a cited page and passage. `seq` changes on every click, so the same citation can be shown again. */
export interface ViewerTarget {
  docId: number;
  page: number;
  text: string;
  start?: number;
  end?: number;
  /** The passage's box on the page (PDF units from the lower-left corner), drawn where no text layer can be marked. */
  bbox?: [number, number, number, number] | null;
  seq: number;
}
