import { useEffect, useRef, useState, type ComponentType } from 'react';
import { DIALOG_UNAVAILABLE_MESSAGE, DialogLoading } from '../../components/ui/dialog-loading';
import { useToast } from '../../components/ui/toast';
import { importWithReload } from '../../lib/lazy-with-reload';
import { dispatchWindowEvent, useWindowEvent, type WindowEventDetails, type WindowEventName } from '../../lib/window-events';

type State<Name extends WindowEventName> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'replaying'; Dialog: ComponentType; detail: WindowEventDetails[Name] }
  | { status: 'ready'; Dialog: ComponentType };

interface DeferredDialogProps<Name extends WindowEventName> {
  /** The window event that opens the dialog; the dialog itself listens to it once loaded. */
  event: Name;
  load: () => Promise<ComponentType>;
}

/**
 * A feature's dialog that the layout mounts, loaded only when its window event first fires, so
 * its code (forms, react-hook-form, sign-in) stays out of the first bundle. Once the dialog has
 * mounted and listens, the first event is sent again for it; later events reach it directly.
 */
export function DeferredDialog<Name extends WindowEventName>({ event, load }: DeferredDialogProps<Name>) {
  const [state, setState] = useState<State<Name>>({ status: 'idle' });
  const { showToast } = useToast();

  useWindowEvent(event, (detail) => {
    if (state.status !== 'idle') return;
    setState({ status: 'loading' });
    importWithReload(load).then(
      (Dialog) => setState({ status: 'replaying', Dialog, detail }),
      () => {
        setState({ status: 'idle' });
        showToast({ message: DIALOG_UNAVAILABLE_MESSAGE, tone: 'error' });
      },
    );
  });

  if (state.status === 'idle') return null;
  const replay = () => {
    if (state.status !== 'replaying') return;
    dispatchWindowEvent(event, state.detail);
    // Renders together with the dialog's own update: the backdrop goes as the dialog appears.
    setState({ status: 'ready', Dialog: state.Dialog });
  };
  return (
    <>
      {state.status === 'loading' ? null : <state.Dialog />}
      {state.status === 'replaying' ? <AfterSiblingsMounted run={replay} /> : null}
      {state.status === 'ready' ? null : <DialogLoading />}
    </>
  );
}

/** Runs `run` once, after the elements before it have mounted and run their effects (subscribed). */
function AfterSiblingsMounted({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
  return null;
}
