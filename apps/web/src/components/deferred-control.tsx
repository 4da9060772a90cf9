import {
  type ComponentType,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';

/** A control whose React Aria parts load on first use; `openOnMount` opens it once it has loaded. */
export type DeferredComponent<P extends object = object> = ComponentType<P & { openOnMount?: boolean }>;

/** A control's lazy component, a preload, and the component itself once it has loaded. */
export interface Deferred<P extends object = object> {
  Lazy: DeferredComponent<P>;
  preload: () => void;
  loaded: () => DeferredComponent<P> | undefined;
}

/**
 * Wraps a dynamic import of a control (the header's menus and preferences, toolbar selects). The page
 * shell and toolbars are on every first screen, and the React Aria menus, popovers and listboxes behind
 * these buttons weigh more than the rest of the page: they load when the pointer or focus reaches the
 * button, or at the latest on press.
 */
export function deferred<P extends object = object>(load: () => Promise<DeferredComponent<P>>): Deferred<P> {
  let loaded: DeferredComponent<P> | undefined;
  let pending: Promise<{ default: DeferredComponent<P> }> | undefined;
  const get = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return pending;
  };
  return { Lazy: lazy(get) as unknown as DeferredComponent<P>, preload: () => void get(), loaded: () => loaded };
}

/** Props of a plain button standing in for a control until it loads; pressing it asks for the control. */
export function placeholderHandlers(preload: () => void, open: () => void) {
  return {
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        open();
      }
    },
  };
}

const BUTTON_CLASS =
  'inline-flex h-8 items-center gap-1 rounded px-2 text-sm text-fg-muted outline-none hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-focus';

/**
 * A plain button with the control's accessible name and face until the control has loaded; pressing it
 * (click, Enter, Space, or ArrowDown/ArrowUp as on a menu button) renders the real control, opened.
 * Once its module is loaded, later pages render the real control straight away.
 */
export function DeferredControl({
  control,
  label,
  popup,
  face,
}: {
  control: Deferred;
  label: string;
  popup: 'menu' | 'dialog';
  face: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const Loaded = control.loaded();
  if (Loaded && !wanted) return <Loaded />;
  const open = () => setWanted(true);
  const placeholder = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={false}
      className={BUTTON_CLASS}
      {...placeholderHandlers(control.preload, open)}
    >
      {face}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <control.Lazy openOnMount />
    </Suspense>
  );
}

/**
 * For the loaded control: on its first mount after a press on the placeholder, focus its real button
 * and open it as the keyboard would (ArrowDown on a menu or select button: the first item focused; a
 * press on a dialog's button), so focus goes back to the button when it closes. Returns the ref of a
 * `display: contents` wrapper around the control.
 */
export function useOpenOnMount(openOnMount: boolean | undefined, opener: 'arrow' | 'press' = 'arrow') {
  const wrapper = useRef<HTMLSpanElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!openOnMount || done.current) return;
    done.current = true;
    const button = wrapper.current?.querySelector('button');
    if (!button) return;
    button.focus();
    // a collection (a select's options) is built a render after mount and an empty one does not open,
    // so the opening is retried for a few frames until the button says it is expanded
    let frame = 0;
    let tries = 0;
    const open = () => {
      if (button.getAttribute('aria-expanded') === 'true' || !button.isConnected) return;
      if (opener === 'press') button.click();
      else button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
      tries += 1;
      if (tries < 5) frame = requestAnimationFrame(open);
    };
    open();
    return () => cancelAnimationFrame(frame);
  }, [openOnMount, opener]);
  return wrapper;
}
