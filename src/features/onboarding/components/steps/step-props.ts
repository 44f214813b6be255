/** Every step renders one form with this id; the dialog's Continue button submits it. */
export interface StepProps {
  formId: string;
  /** The step's work is done: the wizard moves on. */
  onDone: () => void;
  /** Marks the step done and goes to its full screen (closing the dialog). */
  onOpenFullScreen?: () => void;
  /** Tells the dialog a save is running (Continue is disabled meanwhile). */
  onBusyChange: (busy: boolean) => void;
}
