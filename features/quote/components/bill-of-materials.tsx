import { useId } from 'react';
import type { Key } from '#ui/collections';
import { MAX_QUANTITY } from '#domain/catalogue/limits';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { NumberField } from '#ui/number-field';
import { Tree, TreeItem } from '#ui/tree';

/** One assembly of the project, with its parts as the parts table shows them. */
export interface BomAssembly {
  id: string;
  name: string;
  /** How many assemblies. */
  quantity: number;
  parts: { id: string; name: string; perAssembly: number; quantity: number | null; totalCents: number | null }[];
}

export interface BillOfMaterialsProps {
  assemblies: readonly BomAssembly[];
  /** How many of an assembly: its parts' quantities follow on the server. */
  onQuantity: (assemblyId: string, quantity: number) => void;
  /** A part chosen in the tree is configured. */
  onConfigure: (partId: string) => void;
  /** The assembly whose number is being set now. */
  pendingId: string | null;
  /** Why setting an assembly's number failed, for that assembly. */
  error: { assemblyId: string; reason: string } | null;
}

/**
 * Split assemblies as bills of materials (issue 34 item 3): each a tree, the assembly with its
 * distinct parts and how many of each one assembly holds, and how many assemblies, which sets every
 * part's quantity (count per assembly × assemblies). A part chosen in the tree is configured.
 */
export function BillOfMaterials({ assemblies, onQuantity, onConfigure, pendingId, error }: BillOfMaterialsProps) {
  const t = useT();
  const headingId = useId();
  if (assemblies.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-title">
        {t('quote.bom.heading')}
      </h3>
      {assemblies.map((a) => (
        <Assembly key={a.id} assembly={a} onQuantity={onQuantity} onConfigure={onConfigure} pending={pendingId === a.id} error={error?.assemblyId === a.id ? error.reason : null} />
      ))}
    </section>
  );
}

function Assembly({
  assembly,
  onQuantity,
  onConfigure,
  pending,
  error,
}: {
  assembly: BomAssembly;
  onQuantity: BillOfMaterialsProps['onQuantity'];
  onConfigure: BillOfMaterialsProps['onConfigure'];
  pending: boolean;
  error: string | null;
}) {
  const t = useT();
  const format = useFormat();
  const largest = Math.max(1, ...assembly.parts.map((p) => p.perAssembly));
  const totals = assembly.parts.map((p) => p.totalCents);
  const total = totals.every((c) => c !== null) ? totals.reduce<number>((sum, c) => sum + (c ?? 0), 0) : null;
  return (
    <div className="flex flex-col gap-2 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <NumberField
        // A new number from the server (or a refusal) starts the field again from the assembly's.
        key={`${assembly.quantity}-${error ?? ''}`}
        label={t('quote.bom.quantity', { name: assembly.name })}
        decrementLabel={t('common.decrease')}
        incrementLabel={t('common.increase')}
        minValue={1}
        maxValue={Math.floor(MAX_QUANTITY / largest)}
        step={1}
        defaultValue={assembly.quantity}
        onChange={(q) => Number.isInteger(q) && q >= 1 && q !== assembly.quantity && onQuantity(assembly.id, q)}
        isDisabled={pending}
        description={pending ? t('quote.bom.updating') : t('quote.bom.quantityHint')}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
        validationBehavior="aria"
        className="max-w-xs"
      />
      <Tree
        aria-label={t('quote.bom.tree', { name: assembly.name })}
        defaultExpandedKeys={[assembly.id]}
        onAction={(key: Key) => key !== assembly.id && onConfigure(String(key))}
      >
        <TreeItem
          id={assembly.id}
          textValue={assembly.name}
          title={
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold break-words">{assembly.name}</span>
              <span className="text-caption text-neutral-700">
                {t('quote.bom.assemblies', { count: assembly.quantity })}
                {total !== null && ` · ${format.money(total)}`}
              </span>
            </span>
          }
        >
          {assembly.parts.map((p) => (
            <TreeItem
              key={p.id}
              id={p.id}
              textValue={p.name}
              title={
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="break-words">{p.name}</span>
                  <span className="text-caption text-neutral-700">
                    {t('quote.bom.partLine', { perAssembly: p.perAssembly, quantity: p.quantity ?? p.perAssembly * assembly.quantity })}
                  </span>
                </span>
              }
            />
          ))}
        </TreeItem>
      </Tree>
    </div>
  );
}
