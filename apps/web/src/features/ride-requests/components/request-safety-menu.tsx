import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { SafetyActions, type SafetyAction } from '../../../lib/safety-actions';
import { firstName } from '../utils/passenger';

/** A request's "More actions" menu: report it, block its author. Not on your own requests. */
export function RequestSafetyMenu({ request, isSignedIn }: { request: RideRequest; isSignedIn: boolean }) {
  if (!isSignedIn || request.isOwn) return null;
  const { passenger } = request;
  const actions: SafetyAction[] = [{ kind: 'report', label: 'Report request', target: { type: 'ride_request', id: request.id, subject: 'this ride request' } }];
  if (passenger) actions.push({ kind: 'block', person: { id: passenger.id, name: firstName(passenger.name) } });
  return <SafetyActions layout="menu" menuLabel={passenger ? `More actions for ${firstName(passenger.name)}'s request` : 'More actions for this request'} actions={actions} />;
}
