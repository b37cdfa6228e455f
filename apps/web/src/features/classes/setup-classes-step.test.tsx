import type { SetupState } from '@shule/shared/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../lib/storage';
import { classRow, json, renderSetupStep } from '../../test/render-page';
import { fakeSetupApi, type Sent, setupState } from '../../test/setup-api';
import { SetupClassesStep } from './setup-classes-step';

const fakeApi = (state: SetupState, sent: Sent[]) =>
  fakeSetupApi(state, sent, ({ url, body }) => {
    if (url === '/api/classes/4/') return json(200, classRow(4, body.name, 0, 'Form 1'));
    if (url === '/api/classes/?school=7') {
      return json(201, { class: classRow(6, body.name, 0, body.level) });
    }
  });

describe('the setup wizard’s classes', () => {
  beforeEach(() => tokenStorage.setTokens('access', 'refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('changes only what differs in a saved class and adds a new one with the level above', async () => {
    const sent: Sent[] = [];
    const state = setupState({ step: 4, classes: [{ id: 4, name: 'Form 1E', level: 'Form 1' }] });
    vi.stubGlobal('fetch', fakeApi(state, sent));
    renderSetupStep((s) => <SetupClassesStep state={s} />);

    const first = await screen.findByRole('listitem', { name: 'Class 1' });
    // A saved class is changed here, not removed.
    expect(within(first).queryByRole('button', { name: 'Remove class 1' })).toBeNull();
    fireEvent.change(within(first).getByLabelText('Class Name'), {
      target: { value: 'Form 1 East' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add another class' }));
    const second = screen.getByRole('listitem', { name: 'Class 2' });
    expect(within(second).getByLabelText('Level')).toHaveProperty('value', 'Form 1');
    fireEvent.change(within(second).getByLabelText('Class Name'), {
      target: { value: 'Form 1 West' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/classes/4/', body: { name: 'Form 1 East' } },
      {
        method: 'POST',
        url: '/api/classes/?school=7',
        body: { name: 'Form 1 West', level: 'Form 1' },
      },
      { method: 'PUT', url: '/api/setup/', body: { school: 7, step: 5 } },
    ]);
  });

  it('sends an empty level as none', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', fakeApi(setupState({ step: 4 }), sent));
    renderSetupStep((s) => <SetupClassesStep state={s} />);
    fireEvent.change(await screen.findByLabelText('Class Name'), { target: { value: 'Grade 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/classes/?school=7',
      body: { name: 'Grade 7', level: null },
    });
  });
});
