/**
 * Optical character recognition behind one interface, so the parser does not
 * depend on an engine and tests can hand it a fake. Boxes are in pixels of the
 * image given, origin top-left.
 */
export interface OcrLine {
  text: string;
  /** [left, top, right, bottom] in image pixels. */
  box: [number, number, number, number];
  /** The engine's mean character confidence, 0..1. */
  confidence: number;
}

export interface OcrEngine {
  /** Text lines found in an encoded image (PNG or JPEG), in no particular order. */
  recognise(image: Buffer): Promise<OcrLine[]>;
}
