/**
 * Keeps the canvas in step with the worker's layout: one `layout()` call at a time, and the calls made
 * while one runs coalesce into one more, so a burst of edits costs two layouts, not one each.
 */
import type { LayoutDelta } from '../../../../worker/index.ts';
import type { CanvasModel } from './canvas-model.ts';

export interface LayoutRequestsDeps {
  layout: () => Promise<LayoutDelta | null>;
  canvas: CanvasModel;
  notify?: (kind: 'error', message: string) => void;
}

export class LayoutRequests {
  private inFlight = false;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: LayoutRequestsDeps) {}

  request(): void {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    this.deps
      .layout()
      .then((delta) => {
        if (delta && !this.stopped) this.deps.canvas.apply(delta);
      })
      .catch((error: unknown) => this.deps.notify?.('error', `The canvas could not be laid out: ${String(error)}`))
      .finally(() => {
        this.inFlight = false;
        if (this.again && !this.stopped) {
          this.again = false;
          this.request();
        }
      });
  }

  /** The store was disposed: answers still coming are dropped. */
  stop(): void {
    this.stopped = true;
  }
}
