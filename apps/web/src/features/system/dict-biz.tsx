import { DictManager } from '../../components/DictManager/index.tsx';

/** 业务字典: the school's own dictionaries. */
export default function DictBizPage() {
  return <DictManager kind="dict_biz" layout="horizontal" />;
}
