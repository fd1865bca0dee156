import { useClipboard } from "@mantine/hooks";
import { Button } from "./primitives/Button";
import { successToast } from "./toast";
import { showToast } from "./toasts";

/** 'Copiar': puts a link on the clipboard and says so ('Enlace copiado'). */
export function CopyLinkButton({ value }: { value: string }) {
  const clipboard = useClipboard();
  return (
    <Button
      onClick={() => {
        clipboard.copy(value);
        showToast(successToast("Enlace copiado"));
      }}
    >
      Copiar
    </Button>
  );
}
