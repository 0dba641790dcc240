import type { ReportTargetType } from '@carpool/shared/schemas/trust';
import { createContext, useContext, type ReactNode } from 'react';

/** One thing a viewer can do about another person or their content. */
export type SafetyAction =
  | { kind: 'report'; label: string; target: { type: ReportTargetType; id: string; subject: string } }
  /** `short`: "Block" without the name, where the name is beside it already (a profile's header). */
  | { kind: 'block'; person: { id: string; name: string }; short?: boolean };

export interface SafetyActionsProps {
  actions: SafetyAction[];
  /** "buttons" where there is room (a dialog); "menu" a compact button on a card or message. */
  layout: 'buttons' | 'menu';
  /** The accessible name of the compact button when it holds several actions. */
  menuLabel?: string;
  /** After a block went through: close what shows the blocked person's things. */
  onBlocked?: () => void;
}

/**
 * Report and Block belong to the trust feature, yet they sit on rides, requests and messages. Features
 * do not import each other, so the app layer provides the renderer here once and every feature asks
 * for it where it needs it; without a provider (a feature's own tests) nothing renders.
 */
const SafetyActionsContext = createContext<((props: SafetyActionsProps) => ReactNode) | null>(null);

export const SafetyActionsProvider = SafetyActionsContext.Provider;

export function SafetyActions(props: SafetyActionsProps) {
  const render = useContext(SafetyActionsContext);
  return render ? render(props) : null;
}
