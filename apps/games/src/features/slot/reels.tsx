import type { CompiledReels, CompiledTitle } from '@tala/slots/engine';
import { rowCount } from '@tala/slots/paylines';
import { SymbolArt } from '../../symbols/symbol-art.tsx';

export type ReelState = { spinning: boolean; stop: number };

function symbolLabel(title: CompiledTitle, index: number, language: 'EN' | 'TY') {
  const symbol = title.config.symbols[index];
  return symbol ? symbol.name[language] : '';
}

/**
 * The five reels. A spinning reel loops its own strip (blurred); a landed reel shows the three stops from its
 * stop down. Winning cells are marked by "reel:row" keys.
 */
export function Reels({
  title,
  reels,
  states,
  highlight,
  language,
}: {
  title: CompiledTitle;
  reels: CompiledReels;
  states: ReelState[];
  highlight: Set<string>;
  language: 'EN' | 'TY';
}) {
  return (
    <div className="reels" data-testid="reels">
      {reels.strips.map((strip, r) => {
        const state = states[r] ?? { spinning: false, stop: 0 };
        const stripKey = `${title.config.code}-reel-${r}`;
        return (
          <div
            key={stripKey}
            className={`reel${state.spinning ? ' reel--spinning' : ' reel--landed'}`}
            data-reel={r + 1}
            data-stop={state.spinning ? '' : state.stop}
          >
            {state.spinning ? (
              <div
                className="reel__loop"
                aria-hidden="true"
                style={{ ['--cells' as string]: strip.length * 2 }}
              >
                {[...strip, ...strip].map((symbol, i) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: a strip position is its identity
                    key={i}
                    className="cell"
                    style={{ height: `${100 / (strip.length * 2)}%` }}
                  >
                    <SymbolArt art={title.config.symbols[symbol]?.art ?? ''} label="" />
                  </div>
                ))}
              </div>
            ) : (
              Array.from({ length: rowCount }, (_, row) => {
                const symbol = strip[(state.stop + row) % strip.length] as number;
                const lit = highlight.has(`${r}:${row}`);
                return (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed
                    key={row}
                    className={`cell cell--static${lit ? ' cell--win' : ''}`}
                    data-symbol={title.codes[symbol]}
                  >
                    <SymbolArt
                      art={title.config.symbols[symbol]?.art ?? ''}
                      label={symbolLabel(title, symbol, language)}
                    />
                  </div>
                );
              })
            )}
          </div>
        );
      })}
    </div>
  );
}
