import { copyText } from "./clipboard";
import { Button } from "./primitives/Button";
import { errorToast, successToast } from "./toast";
import { showToast } from "./toasts";

/** 'Copiar': puts a link on the clipboard and says whether it did ('Enlace copiado'). */
export function CopyLinkButton({ value }: { value: string }) {
  return (
    <Button
      onClick={async () => {
        const copied = await copyText(value);
        showToast(copied ? successToast("Enlace copiado") : errorToast("No se pudo copiar el enlace: selecciónalo y cópialo a mano."));
      }}
    >
      Copiar
    </Button>
  );
}
