import { Spin } from 'antd';
import { renderAsync } from 'docx-preview';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewBytes } from './bytes.ts';
import styles from './preview.module.css';

const SAFE_LINK = /^(?:https?:|mailto:|#)/i;

/**
 * What docx-preview drew is our page's DOM, so nothing in it may act: links only to http(s), mail or inside the
 * document, no frames, scripts or embedded objects, no handlers.
 */
function neutralise(root: HTMLElement): void {
  for (const el of root.querySelectorAll('script, iframe, object, embed, form, base, meta, link')) el.remove();
  for (const el of root.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
    }
    const href = el.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) el.removeAttribute('href');
    if (el instanceof HTMLAnchorElement && el.getAttribute('href')?.match(/^https?:/i)) {
      el.target = '_blank';
      el.rel = 'noopener noreferrer';
    }
  }
}

/** Word documents drawn in the browser (docx-preview) when the server has no converter. */
export default function DocxViewer({ source }: { source: string }) {
  const { t } = useTranslation();
  const bytes = usePreviewBytes(source);
  const body = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const target = body.current;
    if (!bytes.data || !target) return;
    target.replaceChildren();
    renderAsync(bytes.data, target, undefined, {
      inWrapper: true,
      // altChunks are HTML pages in frames: never from an uploaded file.
      renderAltChunks: false,
      useBase64URL: true,
      experimental: false,
    })
      .then(() => {
        neutralise(target);
        setState('ready');
      })
      .catch(() => setState('failed'));
  }, [bytes.data]);

  if (bytes.isError || state === 'failed') return <div className={styles.message}>{t('preview.failed')}</div>;
  return (
    <div className={styles.docx} data-testid="docx-viewer">
      {state === 'loading' && <Spin />}
      <div ref={body} />
    </div>
  );
}
