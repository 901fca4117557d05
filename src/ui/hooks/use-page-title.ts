import { useEffect } from 'react';

export const PRODUCT_NAME = 'Flowsmith';

/** SPEC §1: the page title, a separator and the product name. */
export function formatPageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/** Sets the document title for as long as the calling screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
