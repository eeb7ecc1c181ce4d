import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form';

type Values = { title: string; tags: string[]; note: string };
const EMPTY: Values = { title: '', tags: [], note: '' };

const schema = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }),
  tags: z.array(z.string()).min(1, { error: 'At least one tag' }),
  note: z.string().max(5, { error: 'Note too long' }),
});
type Parsed = z.output<typeof schema>;

type Props = {
  onSubmit?: (data: Parsed) => Promise<void> | void;
  serverErrors?: Record<string, string>;
};

/** A form with two text fields and a list field (a button adds one tag). */
function Harness({ onSubmit = () => undefined, serverErrors }: Props) {
  const [mapped, setMapped] = useState<boolean | null>(null);
  const form = useSchemaForm({
    defaultValues: EMPTY,
    schema: () => Promise.resolve(schema),
    onSubmit: async (data) => {
      await onSubmit(data);
      if (serverErrors) setMapped(form.setServerErrors(serverErrors));
    },
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)}>
      <label>
        Title
        <input {...form.field('title')} />
      </label>
      {form.errors.title && <p>{form.errors.title}</p>}
      <AddTag {...form.listField('tags')} />
      {form.errors.tags && <p>{form.errors.tags}</p>}
      <label>
        Note
        <input {...form.field('note')} />
      </label>
      {form.errors.note && <p>{form.errors.note}</p>}
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset({ title: 'Loaded', tags: ['a'], note: '' })}>
        Load
      </button>
      {mapped !== null && <output>mapped: {String(mapped)}</output>}
    </form>
  );
}

/** A stand-in for a list control: each click adds the tag "x". */
function AddTag(props: {
  ref: Ref<HTMLElement>;
  items: string[];
  onChange: (items: string[]) => void;
}) {
  const { ref, items, onChange } = props;
  return (
    <button
      ref={ref as Ref<HTMLButtonElement>}
      type="button"
      onClick={() => onChange([...items, 'x'])}
    >
      Add tag ({items.length})
    </button>
  );
}

const setup = (props: Props = {}) => ({
  user: userEvent.setup(),
  ...render(<Harness {...props} />),
});

describe('useSchemaForm', () => {
  it('validates only on submit, shows the first message per field, and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit });
    await user.type(screen.getByLabelText('Note'), 'far too long');
    expect(screen.queryByText('Note too long')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('At least one tag')).toBeInTheDocument();
    expect(screen.getByText('Note too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses a list field when it is the first invalid one', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Title'), 'Proklamasi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one tag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add tag/ })).toHaveFocus();
  });

  it('re-validates the changed field on every change after a submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'P');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    expect(screen.getByText('At least one tag')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add tag/ }));
    await waitFor(() => expect(screen.queryByText('At least one tag')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Note'), 'much too long');
    expect(await screen.findByText('Note too long')).toBeInTheDocument();
  });

  it("submits the schema's output (trimmed, lists included)", async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit });
    await user.type(screen.getByLabelText('Title'), '  Proklamasi ');
    await user.click(screen.getByRole('button', { name: /Add tag/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ title: 'Proklamasi', tags: ['x'], note: '' }),
    );
  });

  it("shows the server's field errors on its own fields and focuses the first", async () => {
    const { user } = setup({
      serverErrors: { note: 'Note taken', tags: 'Tag refused', other: 'Not a field' },
    });
    await user.type(screen.getByLabelText('Title'), 'Proklamasi');
    await user.click(screen.getByRole('button', { name: /Add tag/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('mapped: true')).toBeInTheDocument();
    expect(screen.getByText('Tag refused')).toBeInTheDocument();
    expect(screen.getByText('Note taken')).toBeInTheDocument();
    expect(screen.queryByText('Not a field')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add tag/ })).toHaveFocus();
  });

  it('says when none of the server errors is a field of the form', async () => {
    const { user } = setup({ serverErrors: { other: 'Not a field' } });
    await user.type(screen.getByLabelText('Title'), 'Proklamasi');
    await user.click(screen.getByRole('button', { name: /Add tag/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('mapped: false')).toBeInTheDocument();
    expect(screen.queryByText('Not a field')).not.toBeInTheDocument();
  });

  it('reset loads values, clears the messages and stops re-validating until the next submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Loaded');
    expect(screen.getByRole('button', { name: /Add tag/ })).toHaveTextContent('(1)');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Note'), 'much too long');
    await user.clear(screen.getByLabelText('Title'));
    expect(screen.queryByText('Note too long')).not.toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });
});
