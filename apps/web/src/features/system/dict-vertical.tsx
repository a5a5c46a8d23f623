import { DictSwitch } from '../../components/DictManager/DictSwitch.tsx';

/** /dict-vertical/index (SPEC §2): dictionaries above, the picked one's items below. */
export default function DictVerticalPage() {
  return <DictSwitch layout="vertical" />;
}
