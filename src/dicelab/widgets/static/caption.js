// Caption: a line of text beside other parts (the sentence next to a lesson's dice).
component("caption", (slot) => {
  const text = element("b", "dicelab-caption");
  slot.append(text);
  return (part) => {
    text.textContent = part.text;
  };
});
