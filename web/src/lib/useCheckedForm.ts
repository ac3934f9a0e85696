import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { notificationFor } from '../notifications/notification';

/** What a form's check makes of its fields: the write to send, or (no write) the problems to show. */
export interface Checked<Write, Problems> {
  write?: Write | null;
  problems?: Problems | null;
}

/**
 * The state of a form that checks its fields before it saves (the room form, the presence session
 * form): the fields, a setter per field, the problems the check found, the service's refusal, and
 * the submit that checks, saves and says `done`. The form opens with the keyboard on its first input.
 */
export function useCheckedForm<Fields, Write, Problems>({
  initial,
  noProblems,
  check,
  save,
  done,
  failed,
}: {
  initial: () => Fields;
  /** The problems of a form found right. */
  noProblems: Problems;
  check: (fields: Fields) => Checked<Write, Problems>;
  save: (write: Write) => Promise<unknown>;
  /** After the save, with what was saved. */
  done: (write: Write) => void;
  /** The sentence of a refusal the service does not explain. */
  failed: string;
}) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(initial);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // the form opens where the keyboard is: on its first field
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) =>
      setFields((now) => ({ ...now, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(fields);
    setProblems(checked.problems ?? noProblems);
    if (!checked.write) return;
    try {
      await save(checked.write);
      done(checked.write);
    } catch (error) {
      setFailure(notificationFor(error, failed).text);
    }
  };

  return { id, form, fields, setFields, set, problems, failure, submit };
}

/** A check made of the sentences of what is wrong (none: the fields' write). */
export const sentencesCheck =
  <Fields, Write>(problemsOf: (fields: Fields) => string[], writeOf: (fields: Fields) => Write) =>
  (fields: Fields): Checked<Write, string[]> => {
    const found = problemsOf(fields);
    return found.length > 0 ? { problems: found } : { write: writeOf(fields) };
  };
