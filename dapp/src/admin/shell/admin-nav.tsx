import type { SVGProps } from 'react';
import { CardIcon, DocumentIcon, GavelIcon, ImageIcon, InfoIcon, MailIcon, ScrollIcon, ShieldIcon, UploadIcon, UserIcon } from '../../components/icons/icons.tsx';

type Icon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

/** The sidebar's entries: one per admin route of the spec, and the support page's messages. */
export const ADMIN_NAV: { to: string; label: string; icon: Icon; end?: boolean }[] = [
  { to: '/s/admin', label: 'Dashboard', icon: InfoIcon, end: true },
  { to: '/s/admin/users', label: 'Users', icon: UserIcon },
  { to: '/s/admin/auctions', label: 'Auctions', icon: GavelIcon },
  { to: '/s/admin/inscriptions', label: 'Inscriptions', icon: ScrollIcon },
  { to: '/s/admin/nfts', label: 'NFTs', icon: ImageIcon },
  { to: '/s/admin/content', label: 'Content', icon: DocumentIcon },
  { to: '/s/admin/whitelist', label: 'Whitelist', icon: ShieldIcon },
  { to: '/s/admin/policies', label: 'Policies', icon: CardIcon },
  { to: '/s/admin/support', label: 'Support', icon: MailIcon },
  { to: '/s/admin/consignments', label: 'Consignments', icon: UploadIcon },
];
