"""The pygame front end: scenes, card sprites, tweens, one layout module, and the glue to net/."""
