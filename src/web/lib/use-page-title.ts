import { useEffect } from 'react';
import { pageTitle } from '../../domain/site-routes.js';

/** Sets the document title as "{title} | BoxAbroad". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
