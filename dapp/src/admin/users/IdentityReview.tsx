import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminIdentityCheck } from '@gavel/domain';
import { API_BASE } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { readAdminToken } from '../../session/admin-token.ts';
import { KycPill } from './KycPill.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

const DOCUMENT_LABELS: Record<string, string> = { passport: 'Passport', national_id: 'National ID card', driving_licence: 'Driving licence' };

/**
 * The latest identity check as the user submitted it, beside the decision (`children`: the reason and the approve
 * and reject buttons): the document on one side, every field on the other, so the admin compares them at a glance.
 */
export function IdentityReview({ identity, children }: { identity: AdminIdentityCheck | null; children: ReactNode }) {
  if (!identity) {
    return (
      <>
        <p data-testid="user-identity-none">No identity check submitted yet.</p>
        {children}
      </>
    );
  }
  return (
    <div className="kyc-review">
      <div className="kyc-review__document">
        {identity.document ? <DocumentView url={identity.document.url} contentType={identity.document.contentType} /> : <p>No document was stored with this check.</p>}
      </div>
      <div className="kyc-review__facts">
        <dl className="admin-dl" data-testid="user-identity">
          <dt>Legal name</dt>
          <dd data-testid="identity-legal-name">{identity.legalName}</dd>
          <dt>Date of birth</dt>
          <dd data-testid="identity-date-of-birth">{identity.dateOfBirth}</dd>
          <dt>Country</dt>
          <dd data-testid="identity-country">{identity.country}</dd>
          <dt>Document</dt>
          <dd data-testid="identity-document-type">{DOCUMENT_LABELS[identity.documentType] ?? identity.documentType}</dd>
          <dt>Document number</dt>
          <dd className="mono" data-testid="identity-document-number">
            {identity.documentNumber}
          </dd>
          <dt>Submitted</dt>
          <dd>
            <DateTime iso={identity.submittedAt} />
          </dd>
          <dt>Status</dt>
          <dd>
            <KycPill status={identity.status} />
            {identity.reason ? ` ${identity.reason}` : ''}
          </dd>
        </dl>
        {children}
      </div>
    </div>
  );
}

/**
 * The document, fetched with the admin token (an <img src> could not send it, and a token never goes in an
 * address) and shown from memory: the api marks it private, no-store, so no cache keeps a copy.
 */
function DocumentView({ url, contentType }: { url: string; contentType: string }) {
  const file = useQuery({
    queryKey: queryKeys.admin.users.document(url),
    queryFn: async ({ signal }) => {
      const response = await fetch(`${API_BASE}${url}`, { signal, headers: { Authorization: `Bearer ${readAdminToken() ?? ''}` } });
      if (!response.ok) throw new Error(`The document could not be loaded (${response.status}).`);
      return response.blob();
    },
    // Kept only while the page shows it.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const created = URL.createObjectURL(file.data);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file.data]);

  if (file.isError) {
    return (
      <p className="field__error" data-testid="identity-document-error">
        {file.error.message}{' '}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void file.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!objectUrl) return <div className="skeleton kyc-review__placeholder" aria-busy="true" data-testid="identity-document-loading" />;
  if (contentType === 'application/pdf') {
    return (
      <a className="btn btn--ghost" href={objectUrl} target="_blank" rel="noopener noreferrer" data-testid="identity-document-pdf">
        Open the document (PDF)
      </a>
    );
  }
  return (
    <a href={objectUrl} target="_blank" rel="noopener noreferrer" title="Open full size">
      <img className="kyc-review__image" src={objectUrl} alt="Identity document as uploaded" data-testid="identity-document-image" />
    </a>
  );
}
