// jest-fixed-jsdom swaps in Node's FormData, which cannot read a jsdom <form>; React 19 and the Amplify
// Authenticator both call `new FormData(form)` on submit. Collect the form's successful controls as a browser does.
if (typeof HTMLFormElement !== 'undefined') {
  const NodeFormData = globalThis.FormData;
  class FormDataOfForm extends NodeFormData {
    constructor(form, submitter) {
      super();
      if (!form) return;
      for (const element of Array.from(form.elements)) {
        const isField =
          element instanceof HTMLInputElement ||
          element instanceof HTMLSelectElement ||
          element instanceof HTMLTextAreaElement;
        if (!isField || !element.name || element.matches(':disabled')) continue;
        if (element instanceof HTMLInputElement) {
          if (['submit', 'button', 'reset', 'file', 'image'].includes(element.type)) continue;
          if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
        }
        this.append(element.name, element.value);
      }
      if (submitter?.name) this.append(submitter.name, submitter.value ?? '');
    }
  }
  globalThis.FormData = FormDataOfForm;
}
