import { formatSchoolMoment, formatSchoolTime } from '@shule/shared/display-dates';
import { TEST_MODE_NOTICE } from '@shule/shared/messages';
import { FlaskConical, PauseCircle } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';

export interface SmsGatewayState {
  test_mode: boolean;
  hold: { reason: string; held_at: string; resume_at: string } | null;
}

/**
 * What every screen showing SMS must say about the gateway: that nothing leaves the machine
 * (SMS_DRIVER=test), and that the queue waits because the SMS account is out of credit.
 */
export function SmsGatewayNotices({
  state,
  className,
}: {
  state: SmsGatewayState;
  className?: string;
}) {
  if (!state.test_mode && !state.hold) return null;
  return (
    <div className={cn('space-y-2', className)}>
      {state.test_mode ? (
        <div
          role="status"
          data-testid="sms-test-mode"
          className="flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{TEST_MODE_NOTICE}.</strong> Messages are recorded and
            shown as delivered, but none reaches a phone until whoever installed Shule connects it
            to an SMS provider (see{' '}
            <Link to="/help" className="font-medium underline">
              Help
            </Link>
            ).
          </p>
        </div>
      ) : null}
      {state.hold ? (
        <div
          role="alert"
          data-testid="sms-hold"
          className="flex gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <PauseCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold">Sending is paused: top up the SMS account</p>
            <p>{state.hold.reason}</p>
            <p className="text-xs">
              Paused since {formatSchoolMoment(state.hold.held_at, { time: true })}; Shule tries
              again at {formatSchoolTime(state.hold.resume_at)}. Nothing queued is lost.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
