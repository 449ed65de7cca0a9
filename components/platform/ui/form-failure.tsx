/** Why a form's submission failed as a whole (not one field's fault); nothing when it did not. */
export function FormFailure({ message, testId }: { message: string | null | undefined; testId?: string }) {
  return message ? (
    <p role="alert" className="alert alert--error" data-testid={testId}>
      {message}
    </p>
  ) : null;
}
