/**
 * The OpenAPI document rendered by RapiDoc (a web component), which is imported here, when this view
 * mounts: its ~210 KB gzipped chunk loads on /settings/api-reference only. It gets the document as an
 * object (no second fetch), the app's colours and fonts for the current theme, and no way to load
 * another document, pick another server or fetch web fonts: it talks to this origin only.
 */
import { useEffect, useRef, useState } from 'react';
import type { OpenApiDocument } from '../../../api/openapi-api.ts';
import type { ResolvedTheme } from '../../stores/theme-store.ts';
import { TableError } from '../../components/data/table-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useIsMobile } from '../../hooks/use-media-query.ts';

type RapiDocElement = HTMLElement & { loadSpec(spec: unknown): unknown };

/** What does not change with the theme. RapiDoc's own defaults would fetch fonts and rewrite the URL hash. */
const FIXED_ATTRIBUTES: Readonly<Record<string, string>> = {
  'show-side-nav': 'true',
  'show-summary-when-collapsed': 'true',
  'nav-item-spacing': 'compact',
  'show-method-in-nav-bar': 'as-colored-text',
  'use-path-in-nav-bar': 'false',
  'info-description-headings-in-navbar': 'false',
  'allow-search': 'true',
  'allow-advanced-search': 'false',
  'show-components': 'false',
  'allow-spec-file-download': 'false',
  'show-header': 'false',
  'show-info': 'true',
  'allow-spec-url-load': 'false',
  'allow-spec-file-load': 'false',
  'allow-server-selection': 'false',
  'allow-authentication': 'true',
  'persist-auth': 'false',
  'allow-try': 'true',
  'update-route': 'false',
  'load-fonts': 'false',
  'sort-tags': 'false',
  'sort-endpoints-by': 'none',
  'schema-style': 'tree',
  'schema-expand-level': '2',
  'default-schema-tab': 'schema',
  'font-size': 'default',
};

/**
 * The app's colours and fonts as RapiDoc attributes, read from the theme's CSS variables, and the layout:
 * one operation at a time beside a menu, or (on a phone, where RapiDoc hides its menu) all of them in a
 * list that opens one by one.
 */
function liveAttributes(theme: ResolvedTheme, narrow: boolean): Record<string, string> {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    'render-style': narrow ? 'view' : 'focused',
    theme,
    'bg-color': token('--bg'),
    'text-color': token('--fg'),
    'header-color': token('--bg-subtle'),
    // the link colour: readable as text on either theme (RapiDoc picks its own text colour on top of it)
    'primary-color': token('--link'),
    'nav-bg-color': token('--sidebar-bg'),
    'nav-text-color': token('--fg'),
    'nav-hover-bg-color': token('--bg-hover'),
    'nav-accent-color': token('--link'),
    'regular-font': token('--font-sans'),
    'mono-font': token('--font-mono'),
  };
}

type Renderer = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: unknown };

export function ApiReferenceView({ document: apiDocument, theme }: { document: OpenApiDocument; theme: ResolvedTheme }) {
  const frame = useRef<HTMLDivElement>(null);
  const element = useRef<RapiDocElement | null>(null);
  const [renderer, setRenderer] = useState<Renderer>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const narrow = useIsMobile();

  useEffect(() => {
    let live = true;
    setRenderer({ state: 'loading' });
    import('rapidoc')
      .then(() => customElements.whenDefined('rapi-doc'))
      .then(
        () => live && setRenderer({ state: 'ready' }),
        (error: unknown) => live && setRenderer({ state: 'failed', error }),
      );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    const host = frame.current;
    if (renderer.state !== 'ready' || !host) return;
    const rapiDoc = document.createElement('rapi-doc') as RapiDocElement;
    for (const [name, value] of Object.entries(FIXED_ATTRIBUTES)) rapiDoc.setAttribute(name, value);
    host.append(rapiDoc);
    element.current = rapiDoc;
    return () => {
      element.current = null;
      rapiDoc.remove();
    };
  }, [renderer.state]);

  useEffect(() => {
    const rapiDoc = element.current;
    if (renderer.state !== 'ready' || !rapiDoc) return;
    for (const [name, value] of Object.entries(liveAttributes(theme, narrow))) rapiDoc.setAttribute(name, value);
  }, [renderer.state, theme, narrow]);

  useEffect(() => {
    const rapiDoc = element.current;
    if (renderer.state !== 'ready' || !rapiDoc) return;
    // RapiDoc resolves references in place: it gets its own copy, the query cache keeps the original.
    void rapiDoc.loadSpec(structuredClone(apiDocument));
  }, [renderer.state, apiDocument]);

  if (renderer.state === 'failed') {
    return <TableError error={renderer.error} title="Could not load the reference viewer" onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <div className="api-reference-frame" ref={frame} aria-busy={renderer.state === 'loading'}>
      {renderer.state === 'loading' ? (
        <div className="api-reference-loading" role="status">
          <Spinner size={20} />
          <span>Loading the reference…</span>
        </div>
      ) : null}
    </div>
  );
}
