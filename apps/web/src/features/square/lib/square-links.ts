/** The drawing page fills its form from a square item when opened with `?same=<id>` ("draw the same"). */
export const drawSamePath = (id: number) => `/app/drawing?same=${id}`;

/** Reads `?id=` of a share link: a positive integer, else null (a mangled link opens the square without a pop-up). */
export function parseItemId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
