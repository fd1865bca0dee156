import { ModalsProvider, useModals, type OpenConfirmModal } from "@mantine/modals";
import { useEffect } from "react";

/** Mantine's confirmation dialogs, centred, with the original's labels, loaded by `ConfirmHost` on the first `confirm(…)`. */
export default function ConfirmDialogs({ waiting, asked }: { waiting: OpenConfirmModal[]; asked: number }) {
  return (
    <ModalsProvider labels={{ confirm: "Confirmar", cancel: "Cancelar" }} modalProps={{ centered: true }}>
      <Opener waiting={waiting} asked={asked} />
    </ModalsProvider>
  );
}

/** Opens what was asked (`asked` counts the requests: each one renders this again). */
function Opener({ waiting, asked }: { waiting: OpenConfirmModal[]; asked: number }) {
  const { openConfirmModal } = useModals();
  useEffect(() => {
    for (let options = waiting.shift(); options; options = waiting.shift()) openConfirmModal(options);
  }, [asked, waiting, openConfirmModal]);
  return null;
}
