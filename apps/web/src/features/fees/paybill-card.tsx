import { MPESA_MESSAGES, type RegisterUrlsResponse } from '@shule/shared/mpesa';
import { useMutation } from '@tanstack/react-query';
import { Link2, Smartphone } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { api, errorMessage } from '../../lib/api-client';
import { useMpesaStatus } from './mpesa';

export const registerPaybillUrls = () =>
  api.post<RegisterUrlsResponse>('/fees/mpesa/register_urls/');

/**
 * The school's Paybill: its number, and the admin's one action on it, registering the
 * confirmation and validation URLs with Safaricom so that Paybill payments reach Shule.
 */
export function PaybillCard() {
  const status = useMpesaStatus();
  const register = useMutation({ mutationFn: registerPaybillUrls });
  const configured = status.data?.configured;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <Smartphone className="h-4 w-4" aria-hidden="true" />
            M-Pesa Paybill
          </CardTitle>
          <CardDescription data-testid="paybill-status">
            {status.isPending
              ? 'Checking the M-Pesa settings…'
              : configured
                ? `Parents pay to Paybill ${status.data!.shortcode} with the admission number as the account; each payment is matched to its student.`
                : `${MPESA_MESSAGES.notConfigured}: whoever installed Shule adds the school's Paybill settings from Safaricom (see Help in the user menu). Cash, bank and cheque payments work without it.`}
          </CardDescription>
        </div>
        {configured ? (
          <Button variant="outline" disabled={register.isPending} onClick={() => register.mutate()}>
            <Link2 className="h-4 w-4" aria-hidden="true" />
            {register.isPending ? 'Registering…' : 'Register Paybill URLs'}
          </Button>
        ) : null}
      </CardHeader>
      {register.data || register.isError ? (
        <CardContent>
          {register.data ? (
            <Alert tone="success">
              <p className="font-medium">
                Registered with Safaricom: {register.data.response_description}
              </p>
              <p className="mt-1 break-all text-xs">
                Confirmation: {register.data.confirmation_url}
                <br />
                Validation: {register.data.validation_url}
              </p>
            </Alert>
          ) : (
            <Alert tone="error">Not registered. {errorMessage(register.error)}</Alert>
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}
