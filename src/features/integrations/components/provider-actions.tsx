import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface ProviderActionsProps {
  /** Prefix of the test ids: `<id>-test`, `<id>-disconnect`. */
  id: string;
  /** The test is offered only once there is something to test. */
  canTest: boolean;
  testing: boolean;
  onTest: () => void;
  /** Disconnect is offered only while the organisation has its own account stored. */
  canDisconnect: boolean;
  onDisconnect: () => void;
  labels: { test: string; testing: string; disconnect: string; confirmTitle: string; confirmDescription: string };
}

/**
 * The buttons every integration card has (TTLock, WhatsApp, SMS): "Test connection" and
 * "Disconnect", the second only after a confirmation that says what is forgotten.
 */
export function ProviderActions({
  id,
  canTest,
  testing,
  onTest,
  canDisconnect,
  onDisconnect,
  labels,
}: ProviderActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!canTest || testing}
          onClick={onTest}
          data-testid={`${id}-test`}
        >
          {testing ? labels.testing : labels.test}
        </Button>
        {canDisconnect ? (
          <Button type="button" variant="outline" onClick={() => setConfirming(true)} data-testid={`${id}-disconnect`}>
            {labels.disconnect}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={labels.confirmTitle}
        description={labels.confirmDescription}
        confirmLabel={labels.disconnect}
        destructive
        onConfirm={onDisconnect}
      />
    </>
  );
}
