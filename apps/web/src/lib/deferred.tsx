import {
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';

/**
 * Opens once an element has come near the screen: what waits on it (a deferred part's code) loads
 * then. Made by {@link useNearGate}.
 */
export interface NearGate {
  readonly opened: Promise<void>;
}

interface OpenableGate extends NearGate {
  open(): void;
  /** Called once the part's content has rendered in the browser (hydrated). */
  rendered(): void;
  readonly isRendered: boolean;
}

function createGate(): OpenableGate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate = {
    opened,
    open,
    isRendered: false,
    rendered() {
      gate.isRendered = true;
    },
  };
  return gate;
}

/** Keys that widgets (tabs, sliders, carousels) answer; Tab, Enter and typing are left alone. */
const WIDGET_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Delete',
  'Backspace',
  'Escape',
]);

function isTextEntry(element: Element): boolean {
  return element.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

/**
 * Until its content has hydrated, a part the server rendered does not answer (React leaves that
 * markup alone until then): a tap on one of its buttons, or a widget's key (an arrow on a tab),
 * would do nothing. As index.html does for the whole page, such an event is held, the part's code
 * is asked for, and the event is given again once the part is ready. Links and typing work
 * without the app. Listened to on the document, ahead of React's own listener on #root, which
 * stops such an event.
 */
function holdTaps(element: Element, gate: OpenableGate): () => void {
  const held: Array<() => void> = [];
  const hold = (event: Event) => {
    if (gate.isRendered) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !element.contains(target)) return;
    if (event instanceof KeyboardEvent) {
      if (!WIDGET_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || isTextEntry(target)) return;
      const { key, code, shiftKey } = event;
      held.push(() =>
        target.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true })),
      );
    } else {
      const button = target.closest('button');
      if (!button) return;
      held.push(() => button.click());
    }
    event.preventDefault();
    event.stopPropagation();
    gate.open();
  };
  // Focus moving in (the keyboard) or a pointer coming down on it asks for the code at once.
  const open = () => gate.open();
  document.addEventListener('click', hold, true);
  document.addEventListener('keydown', hold, true);
  element.addEventListener('focusin', open);
  element.addEventListener('pointerdown', open);
  const stop = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('keydown', hold, true);
    element.removeEventListener('focusin', open);
    element.removeEventListener('pointerdown', open);
  };
  const rendered = gate.rendered;
  gate.rendered = () => {
    rendered();
    stop();
    // The page may have moved on meanwhile: only what is still on it is given again.
    for (const replay of held.splice(0)) if (element.isConnected) replay();
  };
  return stop;
}

/**
 * A ref for the element that holds a deferred part, and the gate that opens once that element
 * comes within `rootMargin` of the viewport, or at the next navigation. Without
 * IntersectionObserver it opens at once.
 */
export function useNearGate<T extends Element>(rootMargin = '400px'): [ref: (element: T | null) => void, NearGate] {
  const [gate] = useState(createGate);
  // A navigation re-renders the page under a new location, which React carries into every part
  // still waiting with the server's markup; as a transition it would then wait for that part to
  // hydrate. So a navigation opens the gate (its code loads, and the page moves on once it has).
  const { key } = useLocation();
  const firstKey = useRef(key);
  if (key !== firstKey.current) gate.open();
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      if (typeof IntersectionObserver === 'undefined' || typeof document === 'undefined') {
        gate.open();
        return;
      }
      const stopHolding = holdTaps(element, gate);
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          gate.open();
          observer.disconnect();
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => {
        observer.disconnect();
        stopHolding();
      };
    },
    [gate, rootMargin],
  );
  return [ref, gate];
}

/** A part of a page whose module loads once its place nears the screen (see {@link deferred}). */
export interface DeferredPart<P extends object> {
  /** Renders the part once its gate has opened and its module has loaded; `fallback` until then. */
  (props: P & { gate: NearGate; fallback?: ReactNode }): ReactNode;
  preload(): Promise<void>;
}

const parts = new Set<() => Promise<void>>();

/** Loads every deferred part defined so far: the server renders them whole (entry-server.tsx). */
export function preloadDeferredParts(): Promise<void> {
  return Promise.all([...parts].map((preload) => preload())).then(() => undefined);
}

/**
 * A part of a page that nobody sees before scrolling to it (a section below the fold, the footer):
 * its code loads only once the element holding it comes near the screen, so that a first visit
 * downloads and runs less script before the page answers. A page the server rendered keeps the
 * part's markup meanwhile: the part's own Suspense boundary stays as the server sent it and React
 * hydrates it once the code is in. Its props must not change before then (React would drop the
 * server's markup): give it what the page's address decides, not the browser's own data.
 */
export function deferred<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): DeferredPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        // A failed download (a new release, the network) is tried again next time.
        loading = undefined;
        throw error;
      },
    ));
  parts.add(preload);
  const afterGate = new WeakMap<NearGate, Promise<void>>();

  function Content(props: P & { gate: NearGate }) {
    const { gate } = props;
    useEffect(() => (gate as OpenableGate).rendered?.(), [gate]);
    if (!Loaded) {
      let ready = afterGate.get(props.gate);
      if (!ready) afterGate.set(props.gate, (ready = props.gate.opened.then(preload)));
      use(ready);
    }
    const Component = Loaded!;
    const { gate: _gate, ...rest } = props;
    return <Component {...(rest as P)} />;
  }

  function Part({ fallback = null, ...props }: P & { gate: NearGate; fallback?: ReactNode }) {
    return (
      <Suspense fallback={fallback}>
        <Content {...(props as P & { gate: NearGate })} />
      </Suspense>
    );
  }
  // A render of a boundary that has not hydrated yet counts as an update to it, which React can
  // only meet by dropping the server's markup, or, in a transition (a link's navigation), by
  // waiting until the boundary hydrates: the page would not move. So the part renders again only
  // when a prop of its own changes (the fallback aside, an element made anew by each render).
  const Memoized = memo(Part, (before, after) => {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    keys.delete('fallback');
    return [...keys].every((key) => Object.is(before[key as keyof typeof before], after[key as keyof typeof after]));
  });
  return Object.assign(Memoized as unknown as DeferredPart<P>, { preload });
}
