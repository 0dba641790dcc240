import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRegion } from '../../../lib/region';

/**
 * The console's section named by the address (/admin/regions, /nj/admin/users: the `section`
 * param, else the path's last segment), and a choice of another that moves the address along.
 * The tab is state of its own, not read from the address alone: a navigation is a transition,
 * which would keep the old tab selected while the new section's code loads. Back and forward
 * still move the tab, as the address they reach names it.
 */
export function useRouteTab<Id extends string>(ids: readonly Id[], fallback: Id): [Id, (id: Id) => void] {
  const { section } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { toPath } = useRegion();
  const named = section ?? pathname.split('/').filter(Boolean).at(-1);
  const fromAddress = ids.find((id) => id === named) ?? fallback;
  const [tab, setTab] = useState(fromAddress);
  const [seenAddress, setSeenAddress] = useState(fromAddress);
  if (seenAddress !== fromAddress) {
    setSeenAddress(fromAddress);
    setTab(fromAddress);
  }
  const select = (id: Id) => {
    setTab(id);
    void navigate(toPath(`/admin/${id}`));
  };
  return [tab, select];
}
