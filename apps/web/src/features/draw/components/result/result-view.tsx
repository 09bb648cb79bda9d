import type { DrawRecord } from '@xueba/contract';
import { isActive } from '../../api/draw-api';
import { Fail } from './fail';
import { InProgress } from './in-progress';
import { Success } from './success';

/** The view a record's status calls for (spec §2 result views: in-progress, success, fail; picture opens from success). */
export function ResultView({ record, compact }: { record: DrawRecord; compact?: boolean }) {
  if (isActive(record.status)) return <InProgress record={record} />;
  if (record.status === 'success') return <Success record={record} compact={compact} />;
  return <Fail record={record} />;
}
