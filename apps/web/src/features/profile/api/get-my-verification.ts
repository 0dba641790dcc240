import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';

const fetchMyVerification = () => api.get('/api/users/me/verification', { schema: () => import('@carpool/shared/schemas/verification').then((module) => module.MyVerificationDto) });

/** The caller's own application, asked only when there is a rejection to explain. */
export function useMyVerification(enabled: boolean) {
  const { user } = useSession();
  const { region } = useRegion();
  return useQuery({
    queryKey: ['my-verification', region, user?.id ?? null],
    queryFn: fetchMyVerification,
    enabled: enabled && user !== null,
  });
}
