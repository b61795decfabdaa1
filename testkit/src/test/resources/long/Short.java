class Short {
}
