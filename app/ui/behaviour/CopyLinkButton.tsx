import { errorToast, showToast, successToast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";

import { copyText } from "./clipboard";

/** 'Copiar': puts a link on the clipboard and says whether it did ('Enlace copiado'). */
export function CopyLinkButton({ value }: { value: string }) {
  return (
    <Button
      onClick={async () => {
        const copied = await copyText(value);
        showToast(
          copied
            ? successToast("Enlace copiado")
            : errorToast("No se pudo copiar el enlace: selecciónalo y cópialo a mano."),
        );
      }}
    >
      Copiar
    </Button>
  );
}
