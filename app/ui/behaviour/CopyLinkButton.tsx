import { errorToast, showToast, successToast, type Toast } from "#app/ui/feedback/Toasts";
import { Button } from "#app/ui/primitives/Button";

import { copyText } from "./clipboard";

/** What a copy of a link says: 'Enlace copiado', or how to copy it by hand. */
export function copiedToast(copied: boolean): Toast {
  return copied
    ? successToast("Enlace copiado")
    : errorToast("No se pudo copiar el enlace: selecciónalo y cópialo a mano.");
}

/** 'Copiar' (or `label`): puts a link on the clipboard and says whether it did ('Enlace copiado'). */
export function CopyLinkButton({ value, label = "Copiar" }: { value: string; label?: string }) {
  return (
    <Button
      onClick={async () => {
        showToast(copiedToast(await copyText(value)));
      }}
    >
      {label}
    </Button>
  );
}
