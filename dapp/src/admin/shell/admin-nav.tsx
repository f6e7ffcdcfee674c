import type { SVGProps } from 'react';
import { CardIcon, DocumentIcon, GavelIcon, ImageIcon, InfoIcon, ScrollIcon, ShieldIcon, UserIcon } from '../../components/icons/icons.tsx';

type Icon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

/** The sidebar's entries, one per admin route of the spec. */
export const ADMIN_NAV: { to: string; label: string; icon: Icon; end?: boolean }[] = [
  { to: '/s/admin', label: 'Dashboard', icon: InfoIcon, end: true },
  { to: '/s/admin/users', label: 'Users', icon: UserIcon },
  { to: '/s/admin/auctions', label: 'Auctions', icon: GavelIcon },
  { to: '/s/admin/inscriptions', label: 'Inscriptions', icon: ScrollIcon },
  { to: '/s/admin/nfts', label: 'NFTs', icon: ImageIcon },
  { to: '/s/admin/content', label: 'Content', icon: DocumentIcon },
  { to: '/s/admin/whitelist', label: 'Whitelist', icon: ShieldIcon },
  { to: '/s/admin/policies', label: 'Policies', icon: CardIcon },
];
