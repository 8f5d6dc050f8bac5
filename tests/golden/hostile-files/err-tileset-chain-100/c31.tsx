<?xml version="1.0"?>
<tileset name="c31"><tileset/><tileset firstgid="9" source="c32.tsx"/></tileset>
