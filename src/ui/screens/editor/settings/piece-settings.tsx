/**
 * A PIECE step: which piece and action it runs, and one field per input of that action. A step whose
 * piece Flowsmith does not offer (imported from Activepieces) says so and offers the catalogue's pieces.
 */
import { ACTION_PIECES, findPiece, findPieceAction, type PieceDefinition } from '../../../../domain/pieces/index.ts';
import type { FlatPieceStep } from '../../../../domain/index.ts';
import { useTypedUpdate } from './edit-context.ts';
import { SelectControl } from './fields.tsx';
import { PieceHeader } from './piece-header.tsx';
import { PieceInputs } from './piece-inputs.tsx';
import { displayNameForSwitch, inputForSwitch } from './piece-choice.ts';
import { withInputValue } from './prop-values.ts';

const GENERIC_NAME = 'Action';

export function PieceSettings({ step }: { step: FlatPieceStep }) {
  const update = useTypedUpdate<FlatPieceStep>();
  const { pieceName, actionName } = step.settings;
  const piece = findPiece(pieceName);
  const action = findPieceAction(pieceName, actionName);

  const choosePiece = (name: string) =>
    update((s) => {
      const next = findPiece(name);
      const first = next?.actions[0];
      if (!next || !first) return s;
      const oldAction = findPieceAction(s.settings.pieceName, s.settings.actionName);
      return {
        ...s,
        displayName: displayNameForSwitch(s.displayName, [GENERIC_NAME, oldAction?.displayName], first.displayName),
        settings: { ...s.settings, pieceName: next.name, pieceVersion: next.version, actionName: first.name, input: inputForSwitch(first, {}) },
      };
    }, null);

  const chooseAction = (name: string) =>
    update((s) => {
      const current = findPiece(s.settings.pieceName);
      const next = current?.actions.find((a) => a.name === name);
      if (!current || !next) return s;
      const oldAction = findPieceAction(s.settings.pieceName, s.settings.actionName);
      return {
        ...s,
        displayName: displayNameForSwitch(s.displayName, [GENERIC_NAME, oldAction?.displayName], next.displayName),
        settings: { ...s.settings, actionName: next.name, input: inputForSwitch(next, s.settings.input) },
      };
    }, null);

  return (
    <>
      {piece ? <PieceHeader piece={piece} /> : <UnknownPiece pieceName={pieceName} onChoose={choosePiece} />}
      {piece ? (
        <SelectControl
          label="Action"
          required
          value={action ? action.name : ''}
          placeholder="Choose an action"
          options={piece.actions.map((a) => ({ value: a.name, label: a.displayName }))}
          onValue={chooseAction}
          error={action ? undefined : 'Required'}
        />
      ) : null}
      {action ? (
        <PieceInputs
          key={`${pieceName}:${action.name}`}
          props={action.props}
          source={{ pieceName, actionName: action.name }}
          input={step.settings.input}
          onInput={(name, value, fieldPath) =>
            update((s) => ({ ...s, settings: { ...s.settings, input: withInputValue(s.settings.input, name, value) } }), fieldPath)
          }
        />
      ) : null}
    </>
  );
}

function UnknownPiece({ pieceName, onChoose }: { pieceName: string; onChoose: (name: string) => void }) {
  const options = ACTION_PIECES.map((p: PieceDefinition) => ({ value: p.name, label: p.displayName }));
  return (
    <>
      {pieceName ? (
        <p className="settings-note" role="note">
          This step uses <code>{pieceName}</code>, which Flowsmith does not offer. Choose a piece to run instead.
        </p>
      ) : null}
      <SelectControl label="Piece" required value="" placeholder="Choose a piece" options={options} onValue={onChoose} />
    </>
  );
}
