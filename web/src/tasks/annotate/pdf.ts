import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useState } from 'react';
import { blobOf } from './blobs';
import type { PageView } from './geometry';

// pdf.js parses in a worker of its own, which Vite serves as a file of the build.
GlobalWorkerOptions.workerSrc = workerUrl;

/** One page as loaded: pdf.js's page and what the geometry needs of it. */
export interface LoadedPage {
  number: number;
  page: PDFPageProxy;
  box: PageView['box'];
  rotation: number;
}

const LOADING: PdfState = { status: 'loading' };

export type PdfState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; document: PDFDocumentProxy; pages: LoadedPage[] };

/** Opens the PDF kept under `handle` (`blobs.ts`) and its pages; closes it when the handle changes or the screen goes. */
export function usePdf(handle: string | undefined): PdfState {
  const [state, setState] = useState<{ handle?: string; pdf: PdfState }>({ pdf: { status: 'loading' } });
  useEffect(() => {
    const blob = handle ? blobOf(handle) : undefined;
    if (!handle || !blob) return;
    let open = true;
    let task: ReturnType<typeof getDocument> | null = null;
    blob
      .arrayBuffer()
      .then((bytes) => {
        task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false });
        return task.promise;
      })
      .then(async (document) => {
        const pages = await Promise.all(
          Array.from({ length: document.numPages }, async (_, index) => {
            const page = await document.getPage(index + 1);
            const [x0, y0, x1, y1] = page.view;
            return { number: index + 1, page, box: [x0, y0, x1, y1] as const, rotation: page.rotate };
          }),
        );
        if (open) setState({ handle, pdf: { status: 'ready', document, pages } });
      })
      .catch(() => {
        if (open) setState({ handle, pdf: { status: 'failed' } });
      });
    return () => {
      open = false;
      void task?.destroy();
    };
  }, [handle]);
  return state.handle === handle ? state.pdf : LOADING;
}
