// placeholder: replaced by the family's engine
export {};
