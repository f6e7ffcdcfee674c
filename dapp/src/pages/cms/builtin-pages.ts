import type { ComponentType } from 'react';
import { TERMS_UPDATED, TermsContent } from './TermsContent.tsx';

export interface BuiltinPage {
  title: string;
  updatedAt: string;
  Content: ComponentType;
}

/**
 * CMS pages whose content ships with the dapp. A slug listed here is rendered from it; any other slug is
 * fetched from the api's CMS.
 */
export const BUILTIN_PAGES: Partial<Record<string, BuiltinPage>> = {
  'terms-conditions': { title: 'Terms & Conditions', updatedAt: TERMS_UPDATED, Content: TermsContent },
};
