/** /v1/customers: create, retrieve, update (the default payment method lives in invoice_settings). */
import type Stripe from 'stripe';
import { Params } from '../params.ts';
import type { Route } from '../routes.ts';
import { find, newId, unixNow } from '../state.ts';

const FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'payment_method', 'invoice_settings'];

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    access: 'secret',
    handle({ state }, call) {
      const p = new Params(call.params, FIELDS);
      const id = newId('cus', 14);
      const customer: Stripe.Customer = {
        id,
        object: 'customer',
        address: null,
        balance: 0,
        created: unixNow(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: p.string('description') ?? null,
        discount: null,
        email: p.string('email') ?? null,
        invoice_prefix: id.slice(4, 12).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: p.metadata() ?? {},
        name: p.string('name') ?? null,
        phone: p.string('phone') ?? null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
      };
      state.customers.set(id, customer);
      return customer;
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    access: 'secret',
    handle({ state }, call) {
      new Params(call.params, []);
      return find(state.customers, call.path.id!, 'customer');
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    access: 'secret',
    handle({ state }, call) {
      const p = new Params(call.params, FIELDS);
      const customer = find(state.customers, call.path.id!, 'customer');
      for (const field of ['email', 'name', 'description', 'phone'] as const) {
        const value = p.string(field);
        if (value !== undefined) customer[field] = value || null;
      }
      const metadata = p.metadata();
      if (metadata) customer.metadata = { ...customer.metadata, ...metadata };
      const defaultPm = p.object('invoice_settings')?.default_payment_method;
      if (typeof defaultPm === 'string') {
        find(state.paymentMethods, defaultPm, 'PaymentMethod', 'invoice_settings[default_payment_method]');
        customer.invoice_settings.default_payment_method = defaultPm || null;
      }
      return customer;
    },
  },
];
