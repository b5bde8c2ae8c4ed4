import type { affiliateContactTypes, affiliateTrafficSources } from '@tala/contracts/content';
import { api } from '../../../lib/api-client.ts';

export type ContactType = (typeof affiliateContactTypes)[number];
export type TrafficSource = (typeof affiliateTrafficSources)[number];
export type Application = {
  name: string;
  email: string;
  mobile: string;
  contactType: ContactType;
  contactId: string;
  trafficSource: TrafficSource;
  website: string | null;
  message: string;
};

/** POST /wps/relay/MCSFE_submitAffiliateApplication — lands in the back office's join applications. */
export const submitApplication = (body: Application) =>
  api<{ id: number; createdAt: string }>('/wps/relay/MCSFE_submitAffiliateApplication', {
    method: 'POST',
    body,
  });
