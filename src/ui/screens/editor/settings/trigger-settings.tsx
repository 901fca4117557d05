/**
 * The trigger: while EMPTY, the list of trigger pieces to start from; once chosen, the piece, which of
 * its triggers (a schedule: every x minutes, every day...), its inputs, and 'Change trigger' back to the
 * list. Every change is one UPDATE_TRIGGER with the whole trigger.
 */
import { useId } from 'react';
import { findPiece, findPieceTrigger, TRIGGER_PIECES, type PieceDefinition } from '../../../../domain/pieces/index.ts';
import type { FlatTrigger, PieceTriggerSettings } from '../../../../domain/index.ts';
import { useStepEdit, useTypedUpdate } from './edit-context.ts';
import { SelectControl } from './fields.tsx';
import { PieceHeader } from './piece-header.tsx';
import { PieceInputs } from './piece-inputs.tsx';
import { displayNameForSwitch, inputForSwitch } from './piece-choice.ts';
import { withInputValue } from './prop-values.ts';
import { pieceIcon } from './step-icon.tsx';

type PieceTrigger = Extract<FlatTrigger, { type: 'PIECE_TRIGGER' }>;

const EMPTY_TRIGGER_NAME = 'Select Trigger';
export const WEBHOOK_PIECE = '@activepieces/piece-webhook';

export function TriggerSettings({ trigger }: { trigger: FlatTrigger }) {
  return trigger.type === 'EMPTY' ? <TriggerList /> : <PieceTriggerSettingsView trigger={trigger} />;
}

function TriggerList() {
  const { readOnly } = useStepEdit();
  const titleId = useId();
  const update = useTypedUpdate<FlatTrigger>();
  const choose = (piece: PieceDefinition) => {
    const first = piece.triggers[0];
    if (!first) return;
    update(
      (t) => ({
        ...t,
        type: 'PIECE_TRIGGER',
        displayName: first.displayName,
        settings: { pieceName: piece.name, pieceVersion: piece.version, triggerName: first.name, input: inputForSwitch(first, {}) },
      }),
      null,
    );
  };
  return (
    <div className="settings-trigger-list">
      <h3 className="settings-section-title" id={titleId}>
        Choose how the workflow starts
      </h3>
      <ul aria-labelledby={titleId}>
        {TRIGGER_PIECES.map((piece) => {
          const Icon = pieceIcon(piece.icon);
          return (
            <li key={piece.name}>
              <button type="button" className="settings-choice" disabled={readOnly} onClick={() => choose(piece)}>
                <span className="settings-piece-icon" aria-hidden="true">
                  <Icon width={16} height={16} />
                </span>
                <span className="settings-piece-text">
                  <span className="settings-piece-name">{piece.displayName}</span>
                  <span className="settings-help">{piece.description}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PieceTriggerSettingsView({ trigger }: { trigger: PieceTrigger }) {
  const { readOnly } = useStepEdit();
  const update = useTypedUpdate<PieceTrigger>();
  const updateAny = useTypedUpdate<FlatTrigger>();
  const { pieceName, triggerName } = trigger.settings;
  const piece = findPiece(pieceName);
  const chosen = findPieceTrigger(pieceName, triggerName);

  const changeTrigger = () => updateAny((t) => ({ ...t, type: 'EMPTY', displayName: EMPTY_TRIGGER_NAME, settings: {} }), null);
  const chooseTrigger = (name: string) =>
    update((t) => {
      const next = findPiece(t.settings.pieceName)?.triggers.find((candidate) => candidate.name === name);
      if (!next) return t;
      const old = findPieceTrigger(t.settings.pieceName, t.settings.triggerName);
      const settings: PieceTriggerSettings = { ...t.settings, triggerName: next.name, input: inputForSwitch(next, t.settings.input) };
      return { ...t, displayName: displayNameForSwitch(t.displayName, [old?.displayName], next.displayName), settings };
    }, null);

  const changeButton = (
    <button type="button" className="btn btn-secondary btn-sm" disabled={readOnly} onClick={changeTrigger}>
      Change trigger
    </button>
  );

  return (
    <>
      {piece ? (
        <PieceHeader piece={piece}>{changeButton}</PieceHeader>
      ) : (
        <div className="settings-note" role="note">
          <p>
            This trigger uses <code>{pieceName || 'no piece'}</code>, which Flowsmith does not offer.
          </p>
          {changeButton}
        </div>
      )}
      {piece && piece.triggers.length > 1 ? (
        <SelectControl
          label="Trigger"
          required
          value={chosen ? chosen.name : ''}
          placeholder="Choose a trigger"
          options={piece.triggers.map((t) => ({ value: t.name, label: t.displayName }))}
          onValue={chooseTrigger}
        />
      ) : null}
      {piece && !chosen ? <p className="field-error">Choose one of this piece’s triggers</p> : null}
      {chosen ? (
        <PieceInputs
          key={`${pieceName}:${chosen.name}`}
          props={chosen.props}
          source={{ pieceName, triggerName: chosen.name }}
          input={trigger.settings.input}
          onInput={(name, value, fieldPath) =>
            update((t) => ({ ...t, settings: { ...t.settings, input: withInputValue(t.settings.input, name, value) } }), fieldPath)
          }
        />
      ) : null}
    </>
  );
}
