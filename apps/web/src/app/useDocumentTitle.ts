import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<page> - <product>`, as Saber's afterEach sets it. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = page ? `${page} - ${product}` : product;
  }, [page, product]);
}
